"""Club night: an evening of a club behind one address, played against the deployment
that scales, with the faults and the comings and goings of real use.

Not part of the test suite (tests/faults/test_club_night.py runs a short form). Steps:
  1. start the deployment (bench/deploy.py: two uvicorn processes, Celery worker and beat,
     an own redis-server, a database of its own, ``DEBUG=0``), keeping the live socket
     limits of the settings (every player connects from 127.0.0.1, as behind a club's NAT);
  2. seat the players at the tables of ``FULL_PLAN`` (pairs, tables of three to six,
     banking games), each table a tournament of its own with a short move clock and short
     match options; every seat plays random legal actions from its own view with a small
     think time (``bench.client.SeatClient``, as the browser: no timeouts, a ping every
     5 s), each message checked by ``bench.client.TableAudit``; when a match ends before
     ``--minutes`` have passed, the same players start another at that table;
  3. meanwhile: players open and close second tabs (their own table, or watching another),
     reload (their socket closed, then opened again), and raw sockets drop mid-handshake
     and mid-frame; two players at tables of three or more leave for good on move (their
     seat goes to the computer once their clock runs out, the table plays on); one ASGI
     process is SIGKILLed (and started again) at 35 % of the evening, Redis is killed
     and restarted at 65 %;
  4. after the last table ends: ``manage.py live_slots`` (socket accounting: the sockets
     counted now) must come to 0 within ``--slots-grace`` seconds; every acknowledged
     action must be stored once at its seq (``bench.client.verify_stored``); the server
     logs must hold no traceback.

Prints the figures as JSON and a verdict, and exits 1 when a table did not play to its
end, a socket was refused, a slot is still held (or cannot be read), an action was lost
or doubled, a message failed the audit, a player gave up, or a server logged a traceback.

Usage:
    nice .venv/bin/python bench/club_night.py [--minutes 20] [--json out.json]
        [--plan full|short] [--ports 8101 8102] [--server-env KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import re
import socket
import struct
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.client import (  # noqa: E402
    CLOSE_TOO_MANY,
    SeatClient,
    Stats,
    TableAudit,
    is_refusal,
    verify_stored,
)
from bench.deploy import PYTHON, Deployment, exit_on_sigterm  # noqa: E402
from bench.faults import BROWSER  # noqa: E402


@dataclass(frozen=True)
class Table:
    """One table of the evening: ``seats`` players of ``game`` with match ``options``;
    ``leaver``: one of them leaves for good during the first match (the table then closes
    after it)."""

    game: str
    seats: int
    options: dict = field(default_factory=dict)
    leaver: bool = False


FULL_PLAN = (
    # Pairs.
    Table("briscola", 4, {"match": "one_hand"}),
    Table("tressette", 4, {"target": 21}),
    Table("burraco", 4, {"match": "3_hands"}),
    # Tables of three to six.
    Table("calabrasella", 3, {"deals": 3}, leaver=True),
    Table("calabrasella", 3, {"deals": 3}),
    Table("machiavelli", 3),
    Table("machiavelli", 5, leaver=True),
    # Banking games.
    Table("sette-e-mezzo", 6, {"hands": 4}),
    Table("ziginette", 6, {"hands": 4}),
    # Heads up.
    Table("scopa", 2, {"target": 11}),
    Table("briscola", 2, {"match": "one_hand"}),
)
"""42 players at 11 tables. Rumino is left out: random legal play rarely ends its match
(60 deals and more in a simulation)."""

SHORT_PLAN = (
    Table("briscola", 2, {"match": "one_hand"}),
    Table("sette-e-mezzo", 3, {"hands": 4}),
    Table("calabrasella", 3, {"deals": 3}),
)
"""The test suite's evening: 8 players at 3 tables."""

CHURN = ("tab", "watch", "reload", "drop_handshake", "drop_after_upgrade", "drop_mid_frame")


@dataclass
class Fleet:
    """What the evening needs of the servers, whoever started them.

    ``ports``: the ASGI servers' ports; ``kill_asgi(index)``/``start_asgi(index)``;
    ``kill_redis()``/``start_redis()``; ``env``: the servers' environment (for
    ``manage.py``); ``logs()``: {process name: its log text so far}.
    """

    ports: list[int]
    kill_asgi: Any
    start_asgi: Any
    kill_redis: Any
    start_redis: Any
    env: dict[str, str]
    logs: Any


def deployment_fleet(deployment: Deployment) -> Fleet:
    """The ``Fleet`` of a bench/deploy.py deployment."""

    def logs() -> dict[str, str]:
        return {
            log.name: log.read_text(errors="replace")
            for log in sorted(deployment.log_dir.glob("*.log"))
            if not log.name.startswith("redis")
        }

    return Fleet(
        ports=list(deployment.ports),
        kill_asgi=deployment.kill_asgi,
        start_asgi=deployment.start_asgi,
        kill_redis=deployment.kill_redis,
        start_redis=deployment.start_redis,
        env=deployment.env,
        logs=logs,
    )


def live_slots(env: dict[str, str]) -> dict | None:
    """``manage.py live_slots`` run with the servers' environment: {"held": sockets counted
    now, "keys": {...}}; None when the command does not exist on this code."""
    done = subprocess.run(
        [PYTHON, "manage.py", "live_slots"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        if "Unknown command" in done.stderr:
            return None
        raise RuntimeError(f"manage.py live_slots failed: {done.stderr.strip()[-500:]}")
    return json.loads(done.stdout)


LEGACY_COUNTER = """
from django.core.cache import cache
print(cache.get("live:addr:127.0.0.1"))
"""


def legacy_counter(env: dict[str, str]) -> str:
    """The per-address socket counter of the cache-counter accounting (games.consumers'
    ``ConnectionSlots`` before ``live_slots``), for the record while that command is
    missing."""
    done = subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", LEGACY_COUNTER],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )  # fmt: skip
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else done.stderr.strip()[-200:]


FRAME = re.compile(r'^\s+File "(?P<path>[^"]+)", line \d+, in (?P<function>\S+)')


def traceback_origins(text: str) -> Counter:
    """Each traceback in a log (a chain of "During handling of the above exception" counted
    once) by where it came from: the innermost frame of the project's own code in the
    chain's last traceback ("(library)" if none), and the class of the exception."""
    found: Counter = Counter()
    origin, pending, chained, inside = "(library)", None, False, False
    for line in text.splitlines():
        if line.startswith("Traceback (most recent call last)"):
            if pending and not chained:
                found[pending] += 1
                origin = "(library)"
            pending, chained, inside = None, False, True
        elif inside and (frame := FRAME.match(line)):
            path = Path(frame["path"])
            if path.is_relative_to(ROOT) and ".venv" not in path.parts:
                origin = f"{path.relative_to(ROOT)} {frame['function']}"
        elif inside and line and not line[0].isspace():
            pending, inside = f"{origin}: {line.split(':', 1)[0]}", False
        elif line.startswith(("During handling of the above", "The above exception was")):
            chained = True
        elif line.strip() and pending and not chained:
            found[pending] += 1
            origin, pending = "(library)", None
    if pending:
        found[pending] += 1
    return found


def tracebacks(logs: dict[str, str]) -> dict[str, dict[str, int]]:
    """Tracebacks per server log, by origin (``traceback_origins``); the logs that have any."""
    found = {name: dict(traceback_origins(text)) for name, text in logs.items()}
    return {name: origins for name, origins in found.items() if origins}


# Raw sockets that drop ---------------------------------------------------------------------


def upgrade_request(port: int, path: str, cookie: str) -> bytes:
    """The HTTP/1.1 WebSocket upgrade a browser sends for ``path``, with its cookie."""
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: http://127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n"
    ).encode()


def reset(writer: asyncio.StreamWriter) -> None:
    """Drop the connection with a TCP reset (SO_LINGER 0), as a browser killed or a
    network gone: no close frame, no FIN."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


async def raw_drop(kind: str, port: int, path: str, cookie: str, rng: random.Random) -> str:
    """One raw socket that goes away: ``drop_handshake`` (half the upgrade request, or
    all of it and gone before the answer), ``drop_after_upgrade`` (upgraded, then gone
    while the server sends the first state), ``drop_mid_frame`` (upgraded, then half a
    masked frame and gone). Returns what the server answered ("101", "403", "none")."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    answer = "none"
    try:
        request = upgrade_request(port, path, cookie)
        if kind == "drop_handshake":
            half = rng.random() < 0.5
            writer.write(request[: len(request) // 2] if half else request)
            await writer.drain()
            await asyncio.sleep(rng.uniform(0, 0.05))
            return answer
        writer.write(request)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        answer = head.split(b" ", 2)[1].decode()
        if answer == "101" and kind == "drop_mid_frame":
            payload = json.dumps({"type": "ping"}).encode() * 4
            mask = os.urandom(4)
            masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            frame = bytes([0x81, 0x80 | len(payload)]) + mask + masked
            writer.write(frame[: rng.randrange(2, len(frame) - 1)])
            await writer.drain()
        return answer
    finally:
        reset(writer)


async def tab(url: str, cookie: str, hold: float) -> str:
    """A browser tab on ``url`` for ``hold`` seconds, then closed cleanly: "open" when it
    got its first state, "refused" when the server refused the socket, else the error."""
    import websockets

    origin = "http://" + url.split("/")[2]
    try:
        async with websockets.connect(
            url, additional_headers={"Cookie": cookie}, origin=origin, open_timeout=10
        ) as ws:
            await asyncio.wait_for(ws.recv(), 10)
            try:
                await asyncio.wait_for(_drain(ws), hold)
            except TimeoutError:
                pass
            if ws.close_code is not None:
                return "refused" if ws.close_code == CLOSE_TOO_MANY else f"closed {ws.close_code}"
            return "open"
    except Exception as error:  # every way a socket can fail is counted, none raised
        return "refused" if is_refusal(error) else type(error).__name__


async def _drain(ws) -> None:
    async for _ in ws:
        pass


# The evening ---------------------------------------------------------------------------


@dataclass
class ClubNight:
    """One evening over a ``Fleet`` (see the module docstring). ``run`` returns the report;
    ``failures(report)`` what fails it."""

    fleet: Fleet
    plan: tuple[Table, ...] = FULL_PLAN
    seconds: float = 20 * 60
    grace: float = 15 * 60
    think: tuple[float, float] = (0.3, 1.5)
    move_timeout: float = 25.0
    churn_every: float = 2.0
    slots_grace: float = 90.0
    seed: int = 1
    stats: Stats = field(default_factory=lambda: Stats())
    churn: Counter = field(default_factory=Counter)
    faults: list[str] = field(default_factory=list)
    matches: list[int] = field(default_factory=list)
    server_seats: dict[int, set[int]] = field(default_factory=dict)
    clients: list[SeatClient] = field(default_factory=list)
    live: dict[int, list[SeatClient]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # Set up (in a thread: the ORM is synchronous) ------------------------------------------

    def _players(self) -> list[list]:
        from accounts.models import Player

        stamp = f"{int(time.time())}-{self.rng.randrange(10**6)}"
        return [
            [Player.objects.create_user(f"club{t}-{s}-{stamp}") for s in range(table.seats)]
            for t, table in enumerate(self.plan)
        ]

    def _new_match(self, number: int, players) -> tuple[int, dict[int, str]]:
        from django.db import close_old_connections

        from bench.roundtrip import new_match

        table = self.plan[number]
        try:
            match, cookies = new_match(
                number,
                table.game,
                table.seats,
                table.options,
                players=players,
                move_timeout=timedelta(seconds=self.move_timeout),
            )
        finally:
            close_old_connections()
        return match.pk, cookies

    # Play ----------------------------------------------------------------------------------

    async def _table(self, number: int, players) -> None:
        """Matches at table ``number`` until the evening is over (one if it has a leaver)."""
        table = self.plan[number]
        ports = self.fleet.ports
        while True:
            match_id, cookies = await asyncio.to_thread(self._new_match, number, players)
            self.matches.append(match_id)
            urls = [f"ws://127.0.0.1:{port}/ws/matches/{match_id}/" for port in ports]
            clients = [
                SeatClient(
                    match_id=match_id,
                    seat=seat,
                    cookie=cookie,
                    urls=urls,
                    stats=self.stats,
                    start=number + seat,
                    think=self.think,
                    give_up_after=max(120.0, 4 * self.move_timeout),
                    rng=random.Random(self.rng.random()),
                    audit=TableAudit(seat),
                    **BROWSER,
                )
                for seat, cookie in sorted(cookies.items())
            ]
            if table.leaver:
                leaver = clients[1]
                leaver.leave_at = self.rng.randrange(8, 16)
                self.server_seats[match_id] = {leaver.seat}
            self.clients.extend(clients)
            self.live[number] = clients
            await asyncio.gather(*(client.run() for client in clients))
            if table.leaver or time.monotonic() >= self.ends:
                self.live.pop(number, None)
                return

    async def _churn(self) -> None:
        """A churn event every ``churn_every`` seconds on average (``CHURN``), each in a
        task of its own, on a player at a live table (never a leaver)."""
        pending: set[asyncio.Task] = set()
        try:
            while True:
                await asyncio.sleep(self.rng.expovariate(1 / self.churn_every))
                present = [
                    c for cs in self.live.values() for c in cs if not c.done and not c.leave_at
                ]
                if not present:
                    continue
                client = self.rng.choice(present)
                kind = self.rng.choice(CHURN)
                task = asyncio.create_task(self._churn_one(kind, client))
                pending.add(task)
                task.add_done_callback(pending.discard)
        finally:
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

    async def _churn_one(self, kind: str, client: SeatClient) -> None:
        port = self.rng.choice(self.fleet.ports)
        if kind == "reload":
            if client.ws is not None:
                await client.ws.close()
                self.churn["reload"] += 1
            return
        if kind in ("tab", "watch"):
            match_id = client.match_id
            if kind == "watch":
                match_id = self.rng.choice([c.match_id for cs in self.live.values() for c in cs])
            url = f"ws://127.0.0.1:{port}/ws/matches/{match_id}/"
            outcome = await tab(url, client.cookie, self.rng.uniform(1, 15))
        else:
            path = f"/ws/matches/{client.match_id}/"
            try:
                outcome = await raw_drop(kind, port, path, client.cookie, self.rng)
            except (OSError, TimeoutError, asyncio.IncompleteReadError) as error:
                outcome = type(error).__name__  # a server down (killed): counted, not raised
            if outcome == "403":  # the handshake refused (games.consumers.ConnectionSlots)
                outcome = "refused"
        self.churn[kind] += 1
        self.churn[f"{kind}:{outcome}"] += 1

    async def _faults(self) -> None:
        """1. at 35 % of the evening SIGKILL ASGI server 0, start it again 3 s later;
        2. at 65 % kill Redis (no persistence: every key is lost), start it 2 s later."""
        start = time.monotonic()
        await asyncio.sleep(max(0.0, start + 0.35 * self.seconds - time.monotonic()))
        self.fleet.kill_asgi(0)
        self.faults.append(f"asgi 0 killed at {time.monotonic() - start:.0f} s")
        await asyncio.sleep(3)
        await asyncio.to_thread(self.fleet.start_asgi, 0)
        await asyncio.sleep(max(0.0, start + 0.65 * self.seconds - time.monotonic()))
        await asyncio.to_thread(self.fleet.kill_redis)
        self.faults.append(f"redis killed at {time.monotonic() - start:.0f} s")
        await asyncio.sleep(2)
        await asyncio.to_thread(self.fleet.start_redis)

    async def _play(self) -> float:
        players = await asyncio.to_thread(self._players)
        started = time.monotonic()
        self.ends = started + self.seconds
        tables = [asyncio.create_task(self._table(n, p)) for n, p in enumerate(players)]
        churn = asyncio.create_task(self._churn())
        faults = asyncio.create_task(self._faults())
        done, late = await asyncio.wait(tables, timeout=self.seconds + self.grace)
        for task in [*late, churn]:
            task.cancel()
        await asyncio.gather(*late, churn, return_exceptions=True)
        if not faults.done():  # an evening over before its faults: the report says so
            faults.cancel()
        await asyncio.gather(faults, return_exceptions=True)
        for task in done:
            task.result()  # a harness error must not pass as a clean evening
        return time.monotonic() - started

    # Report --------------------------------------------------------------------------------

    def _slots(self) -> dict:
        """Poll ``live_slots`` until nothing is held or ``slots_grace`` is over."""
        waited = time.monotonic()
        while True:
            slots = live_slots(self.fleet.env)
            if slots is None:
                return {"held": "unknown", "legacy_counter": legacy_counter(self.fleet.env)}
            if slots["held"] == 0 or time.monotonic() - waited > self.slots_grace:
                return {**slots, "waited_s": round(time.monotonic() - waited)}
            time.sleep(5)

    def _outcomes(self) -> dict:
        from games.models import Match

        rows = Match.objects.filter(pk__in=self.matches).values_list("game", "status", "reason")
        others = Counter(
            f"{game}: {status} {reason}".strip()
            for game, status, reason in rows
            if (status, reason) != ("finished", "played")
        )
        return {
            "matches": len(self.matches),
            "finished": len(rows) - sum(others.values()),
            "not_finished": dict(sorted(others.items())),
        }

    def report(self, elapsed: float) -> dict:
        """The evening's figures (run after ``run``'s play, from a synchronous context)."""
        stored = verify_stored(self.stats.acked, self.matches, server_seats=self.server_seats)
        audit = [p for c in self.clients for p in c.audit.problems]
        refused = self.stats.events.get("refused", 0) + sum(
            n for k, n in self.churn.items() if k.endswith(":refused")
        )
        return {
            "tables": len(self.plan),
            "players": sum(t.seats for t in self.plan),
            "minutes": round(self.seconds / 60, 1),
            "elapsed_s": round(elapsed),
            "tables_finished": self._outcomes(),
            "actions_acknowledged": len(self.stats.ack_times),
            "sockets_refused": refused,
            "slots_after_everyone_left": self._slots(),
            "actions_lost_or_doubled": stored[:20],
            "actions_lost_or_doubled_count": len(stored),
            "audit_problems": audit[:20],
            "client_errors": dict(self.stats.errors),
            "server_tracebacks": tracebacks(self.fleet.logs()),
            "faults": self.faults,
            "churn": dict(sorted(self.churn.items())),
            "events": dict(sorted(self.stats.events.items())),
        }

    def run(self) -> dict:
        """Play the evening, then measure it: the report (``failures`` judges it)."""
        elapsed = asyncio.run(self._play())
        return self.report(elapsed)


def failures(report: dict) -> list[str]:
    """What fails the evening, one line each; empty for a clean one."""
    found = []
    tables = report["tables_finished"]
    if tables["finished"] != tables["matches"]:
        found.append(
            f"tables finished: {tables['finished']} of {tables['matches']} "
            f"(others: {tables['not_finished']})"
        )
    if report["sockets_refused"]:
        found.append(f"sockets refused: {report['sockets_refused']}")
    held = report["slots_after_everyone_left"]["held"]
    if held == "unknown":
        found.append(
            "slots held: unknown (manage.py live_slots is not on this code: issue 29 item 1)"
        )
    elif held:
        found.append(f"slots held after everyone left: {held}")
    if report["actions_lost_or_doubled_count"]:
        found.append(f"actions lost or doubled: {report['actions_lost_or_doubled_count']}")
    if report["audit_problems"]:
        found.append(f"messages failing the audit: {len(report['audit_problems'])}")
    if report["client_errors"]:
        found.append(f"client errors: {report['client_errors']}")
    if report["server_tracebacks"]:
        count = sum(n for log in report["server_tracebacks"].values() for n in log.values())
        found.append(f"server tracebacks: {count}")
    if len(report["faults"]) < 2:
        found.append(f"faults injected: {report['faults']} (the evening ended first)")
    return found


def setup_django(deployment: Deployment) -> None:
    """This process on the deployment's database, as bench/load.py's, with log-ins fast."""
    from bench.load import setup_django as load_setup

    load_setup(deployment)


def main() -> None:
    """Parse the arguments (module docstring), run the evening, print, exit 1 on failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--plan", choices=("full", "short"), default="full", help="the tables")
    parser.add_argument("--grace-minutes", type=float, default=15.0, help="for tables to end")
    parser.add_argument("--move-timeout", type=float, default=25.0, help="seconds")
    parser.add_argument("--think", type=float, nargs=2, default=(0.3, 1.5))
    parser.add_argument("--churn-every", type=float, default=2.0, help="seconds, on average")
    parser.add_argument("--slots-grace", type=float, default=90.0, help="seconds")
    parser.add_argument("--database", default="cartelle_club_night")
    parser.add_argument("--ports", type=int, nargs="+", default=[8101, 8102])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--server-env", nargs="*", default=[], metavar="KEY=VALUE",
        help="more environment for the servers, e.g. LIVE_MAX_CONNECTIONS_PER_ADDRESS=60",
    )  # fmt: skip
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args()
    exit_on_sigterm()
    # The settings' own socket limit per address, not bench/deploy.py's lifted one: a
    # club connects from one address.
    extra: dict[str, str | None] = {"LIVE_MAX_CONNECTIONS_PER_ADDRESS": None}
    extra.update(item.split("=", 1) for item in args.server_env)
    deployment = Deployment(
        database=args.database,
        ports=tuple(args.ports),
        log_dir=ROOT / "bench" / "logs" / "club-night",
        extra_env=extra,
    )
    with deployment:
        setup_django(deployment)
        night = ClubNight(
            deployment_fleet(deployment),
            plan=FULL_PLAN if args.plan == "full" else SHORT_PLAN,
            seconds=60 * args.minutes,
            grace=60 * args.grace_minutes,
            think=tuple(args.think),
            move_timeout=args.move_timeout,
            churn_every=args.churn_every,
            slots_grace=args.slots_grace,
            seed=args.seed,
        )
        report = night.run()
    problems = failures(report)
    report["failures"] = problems
    print(json.dumps(report, indent=2, default=str))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, default=str) + "\n")
    print("club night: " + ("FAIL\n  " + "\n  ".join(problems) if problems else "clean"))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
