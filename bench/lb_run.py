"""The load harness through a real load balancer: four ASGI processes behind HAProxy, with
the consistent hash on the match id of docs/scaling.md, one process SIGKILLed under play.

Not part of the test suite, and nothing in the suite needs HAProxy. Needs the Debian
package ``haproxy`` (``apt-get install haproxy``; the ``haproxy`` binary on PATH).

Steps:
  1. start the scaling deployment (bench/deploy.py) with ``--asgi`` uvicorn processes
     (default 4) on free ports, its own redis-server, Celery worker and beat, and the
     database ``cartelle_lb_harness``;
  2. write an HAProxy configuration (``haproxy_config``: ``/ws/matches/<id>/`` balanced by
     ``balance uri depth 3`` with ``hash-type consistent``, TCP health checks every
     ``--check-inter`` ms, ``option redispatch``; one log line a connection, at once,
     naming the server) and run ``haproxy -db`` as a foreground child;
  3. play each phase of ``--phases`` in turn, each on ``--matches`` new matches, with the
     load harness's clients (bench/load.py's ``seat_clients``, bench/client.py):
       direct  every seat straight to the first ASGI process (no balancer);
       by-match every seat straight to the ASGI processes, match i on process
               i mod N, both seats on one (what the balancer does, without it);
       lb      every seat through HAProxy's port;
       kill    through HAProxy, and ``--kill-at`` seconds after the phase starts the
               ASGI process ``--kill-index`` is SIGKILLed; HAProxy's health checks take
               it out and its clients reconnect (through the balancer, to the process
               next on the hash ring);
  4. for each phase: actions/s, round trip p50/p99 (for ``kill`` also before and after
     the kill), CPU per action of every server process (bench/load.py's ``CpuMeter``;
     HAProxy counted apart; in ``kill`` until the kill only), reconnects; for ``kill``
     also, from HAProxy's log, which process served each match before and after the
     kill: the matches that moved, where to, and whether any match of a surviving
     process moved;
  5. audit: every acknowledged action stored exactly once at its place
     (``bench.client.verify_stored``), every message passed the hidden-information audit
     (``bench.client.SeatAudit``), no client error, no traceback in the server logs, every
     client finished. Exits 1 on any finding, or if the kill phase killed nothing or moved
     no match.

Usage:
    .venv/bin/python bench/lb_run.py [--matches 40] [--actions-per-match 100]
        [--phases direct lb kill] [--kill-at 30] [--json out.json]
With ``--phases direct lb`` it prints the ratios lb / direct (the same load straight to
one process against through the balancer to four), measured back to back; with
``by-match`` too, lb / by-match (the balancer's own cost).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.deploy import (  # noqa: E402
    Deployment,
    Process,
    exit_on_sigterm,
    free_port,
    wait_for_port,
)
from bench.load import (  # noqa: E402
    MATCH_URL,
    CpuMeter,
    create_matches,
    drive,
    log_problems,
    percentile,
    seat_clients,
    setup_django,
)

DATABASE = "cartelle_lb_harness"
PHASES = ("direct", "by-match", "lb", "kill")


def server_name(index: int) -> str:
    """HAProxy's name for the ASGI process ``index`` of the deployment (``asgi-<index>``)."""
    return f"asgi{index}"


def haproxy_config(
    listen_port: int, asgi_ports: list[int], *, check_inter_ms: int = 500, fall: int = 2
) -> str:
    """The HAProxy configuration of docs/scaling.md, on 127.0.0.1, plain HTTP.

    ``/ws/matches/<id>/`` goes to the backend ``live_by_match``: ``balance uri depth 3``
    (the first three path segments, which end with the match id) on a consistent hash
    ring, so both seats of a match reach one process and a process that leaves moves only
    its own matches. Everything else is balanced round robin. Servers are checked (a TCP
    connect) every ``check_inter_ms`` ms and taken out after ``fall`` failures; a
    connection refused by a dead server is retried and redispatched to another.

    HAProxy logs one line a connection to stdout as soon as the server answered
    (``option logasap``): ``lb <unix time> <backend> <server> <status> <path>``
    (``parse_log`` reads it).

    Args:
        listen_port: the balancer's port.
        asgi_ports: the ASGI processes' ports, in the deployment's order.
    """
    servers = "\n".join(
        f"    server {server_name(i)} 127.0.0.1:{port} check" for i, port in enumerate(asgi_ports)
    )
    return f"""\
global
    log stdout format raw local0
    maxconn 8000

defaults
    mode http
    log global
    option logasap
    log-format "lb %Ts.%ms %b %s %ST %HP"
    option forwardfor
    option redispatch 1
    retries 3
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    default-server inter {check_inter_ms} fall {fall} rise 2

frontend www
    bind 127.0.0.1:{listen_port}
    acl match_socket path_beg /ws/matches/
    use_backend live_by_match if match_socket
    default_backend asgi

backend live_by_match
    # /ws/matches/<id>/: the first three path segments name the match.
    balance uri depth 3
    hash-type consistent
{servers}

backend asgi
    balance roundrobin
{servers}
"""


LOG_LINE = re.compile(r"^lb (\d+)\.(\d+) (\S+) (\S+) (-?\d+) /ws/matches/(\d+)/")


def parse_log(path: Path) -> list[tuple[float, str, int, int]]:
    """HAProxy's connection log (``haproxy_config``'s format): one entry a WebSocket
    connection to a match, ``(unix time in s, server name, HTTP status, match id)``, in
    the order logged. Lines of other kinds (health-check state changes) are skipped.
    """
    entries = []
    for line in path.read_text(errors="replace").splitlines():
        found = LOG_LINE.match(line)
        if found:
            seconds, millis, _backend, server, status, match_id = found.groups()
            entries.append((int(seconds) + int(millis) / 1000, server, int(status), int(match_id)))
    return entries


def placement(entries, match_ids, *, killed: str, kill_time: float) -> dict:
    """Which process served each match before and after the kill, from ``parse_log``.

    Returns a dict: ``matches_per_server_before`` (by the first upgraded connection of
    each match), ``matches_on_killed`` (those on ``killed``), ``moved`` (matches of the
    killed process that connected afterwards to another process), ``moved_to``
    (server: count; a match counts once per process it reached), ``moved_split``
    (moved matches whose connections after the kill reached more than one process: a
    seat redispatched before the health check saw the process down lands elsewhere than
    the hash ring's next process), ``survivors_moved`` (matches of other processes that connected to
    a different process after the kill: a consistent hash keeps this 0), and
    ``unplaced`` (matches with no upgraded connection logged).
    """
    wanted = set(match_ids)
    before: dict[int, str] = {}
    after: dict[int, set[str]] = {}
    for at, server, status, match_id in entries:
        if match_id not in wanted or status != 101:
            continue
        if at < kill_time:
            before.setdefault(match_id, server)
        else:
            after.setdefault(match_id, set()).add(server)
    on_killed = [m for m, s in before.items() if s == killed]
    split = [m for m in on_killed if len(after.get(m, set()) - {killed}) > 1]
    moved_to: Counter = Counter()
    for match_id in on_killed:
        for server in after.get(match_id, set()) - {killed}:
            moved_to[server] += 1
    survivors_moved = [
        m for m, s in before.items() if s != killed and after.get(m, {s}) - {s}
    ]  # fmt: skip
    return {
        "matches_per_server_before": dict(sorted(Counter(before.values()).items())),
        "matches_on_killed": len(on_killed),
        "moved": sum(1 for m in on_killed if after.get(m, set()) - {killed}),
        "moved_to": dict(sorted(moved_to.items())),
        "moved_split": len(split),
        "survivors_moved": len(survivors_moved),
        "unplaced": len(wanted - set(before)),
    }


async def watch_down(log: Path, killed: str, marks: dict) -> None:
    """Poll HAProxy's log every 50 ms until ``killed`` is reported DOWN; note the time."""
    needle = f"live_by_match/{killed} is DOWN"
    while "down" not in marks:
        if log.exists() and needle in log.read_text(errors="replace"):
            marks["down"] = time.perf_counter()
            return
        await asyncio.sleep(0.05)


def rtt_figures(rtts: list[float]) -> dict:
    """``{"n", "p50", "p99"}`` of round trips given in ms (bench/load.py's percentile)."""
    return {
        "n": len(rtts),
        "p50": round(percentile(rtts, 50), 1),
        "p99": round(percentile(rtts, 99), 1),
    }


def play_phase(deployment: Deployment, phase: str, lb_port: int, args) -> dict:
    """Play one phase (module doc, step 3) on new matches and audit it (step 5)."""
    import uvloop

    from bench.client import Stats, verify_stored

    matches = create_matches(args.matches)
    ids = [match_id for match_id, _ in matches]
    stats = Stats()
    ports = {"direct": [deployment.ports[0]], "by-match": list(deployment.ports)}.get(
        phase, [lb_port]
    )
    clients = seat_clients(
        matches,
        ports,
        stats,
        think=tuple(args.think),
        stop_after=args.actions_per_match,
        seed=args.seed,
        url_template=MATCH_URL,
        ack_timeout=args.ack_timeout,
        idle_timeout=max(60.0, args.ack_timeout),
        ping_every=25.0,  # as the browser
        by_match=True,
    )
    marks: dict = {}
    haproxy_log = deployment.processes["haproxy"].log
    killed = server_name(args.kill_index)

    async def kill_one() -> None:
        await asyncio.sleep(args.kill_at)
        # The killed process's CPU (and its PostgreSQL backends') leaves the meter's view
        # with it: CPU per action is measured from the start until just before the kill.
        marks["cpu"] = await asyncio.to_thread(meter.stop, len(stats.ack_times))
        marks["wall"] = time.time()
        marks["kill"] = time.perf_counter()
        deployment.kill_asgi(args.kill_index)
        await watch_down(haproxy_log, killed, marks)

    faults = [kill_one()] if phase == "kill" else []
    print(f"== {phase}: {len(clients)} seats to ports {ports}", flush=True)
    meter = CpuMeter(deployment)
    meter.start()
    started = time.perf_counter()
    elapsed = uvloop.run(drive(deployment, clients, faults=faults))
    acked = sum(len(per_match) for per_match in stats.acked.values())
    cpu = meter.stop(acked)
    problems = verify_stored(stats.acked, ids)
    audit = [p for client in clients for p in client.audit.problems]
    logs = {k: v for k, v in log_problems(deployment).items() if not k.startswith("haproxy")}
    window = (stats.last_ack or 0) - (stats.first_send or 0)
    result = {
        "phase": phase,
        "matches": len(matches),
        "elapsed_s": round(elapsed, 1),
        "actions": acked,
        "actions_per_s": round(acked / window, 1) if window > 0 else 0,
        "rtt_ms": rtt_figures(stats.rtts_ms),
        **(marks.get("cpu", {}) if phase == "kill" else cpu),
        "reconnects": stats.events.get("reconnects", 0),
        "seats_reconnected": sum(1 for c in clients if c.connections > 1),
        "events": dict(stats.events),
        "client_errors": dict(stats.errors),
        "messages_audited": sum(c.audit.checked for c in clients),
        "audit_problems": audit[:10],
        "stored_check_problems": problems[:10],
        "server_log_problems": logs,
        "unfinished_clients": sum(1 for c in clients if not c.done),
    }
    if phase == "kill":
        kill = marks.get("kill")
        result["killed"] = killed if kill else None
        if kill is not None:
            result["killed_at_s"] = round(kill - started, 1)
            result["rtt_ms_before_kill"] = rtt_figures([r for at, r in stats.rtt_at if at < kill])
            result["rtt_ms_after_kill"] = rtt_figures([r for at, r in stats.rtt_at if at >= kill])
            down = marks.get("down")
            result["marked_down_after_s"] = round(down - kill, 2) if down else None
            acks = sorted(t for t in stats.ack_times if kill - 1 <= t <= kill + 10)
            result["longest_ack_gap_after_kill_s"] = round(
                max((b - a for a, b in zip(acks, acks[1:], strict=False)), default=0.0), 2
            )
            result["placement"] = placement(
                parse_log(haproxy_log), ids, killed=killed, kill_time=marks["wall"]
            )
    elif phase == "lb":
        entries = parse_log(haproxy_log)
        wanted = set(ids)
        first: dict[int, str] = {}
        for _at, server, status, match_id in entries:
            if match_id in wanted and status == 101:
                first.setdefault(match_id, server)
        result["matches_per_server"] = dict(sorted(Counter(first.values()).items()))
    result["ok"] = not (
        problems or audit or stats.errors or logs or result["unfinished_clients"]
    ) and (
        phase != "kill"
        or (result.get("killed") is not None and result["placement"]["moved"] > 0)
    )  # fmt: skip
    return result


def ratios(lb: dict, direct: dict) -> dict:
    """lb / direct for throughput, p50, p99 and CPU per action (all server processes,
    HAProxy's own CPU counted on the lb side; the load generator left out)."""

    def server_cpu(phase: dict) -> float:
        return sum(v for k, v in phase["cpu_ms_per_action"].items() if k != "load generator")

    def ratio(a: float, b: float) -> float | None:
        return round(a / b, 2) if b else None

    return {
        "actions_per_s": ratio(lb["actions_per_s"], direct["actions_per_s"]),
        "p50": ratio(lb["rtt_ms"]["p50"], direct["rtt_ms"]["p50"]),
        "p99": ratio(lb["rtt_ms"]["p99"], direct["rtt_ms"]["p99"]),
        "server_cpu_ms_per_action": ratio(server_cpu(lb), server_cpu(direct)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--actions-per-match", type=int, default=100)
    parser.add_argument(
        "--think", type=float, nargs=2, default=(0.2, 0.9), metavar=("LOW", "HIGH"),
        help="seconds a player waits before each action, uniformly in [LOW, HIGH]",
    )  # fmt: skip
    parser.add_argument("--asgi", type=int, default=4, help="ASGI processes")
    parser.add_argument("--phases", nargs="+", choices=PHASES, default=["kill"])
    parser.add_argument("--kill-at", type=float, default=30.0, help="seconds into the phase")
    parser.add_argument("--kill-index", type=int, default=0)
    parser.add_argument("--check-inter", type=int, default=500, help="health checks, ms")
    parser.add_argument("--ack-timeout", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default=DATABASE)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    if "kill" in args.phases and args.phases[-1] != "kill":
        parser.error("kill must be the last phase (it leaves a process dead)")
    if not 0 <= args.kill_index < args.asgi:
        parser.error("--kill-index must name one of the --asgi processes")
    haproxy = shutil.which("haproxy")
    if haproxy is None:
        sys.exit("haproxy is not installed (Debian: apt-get install haproxy)")
    exit_on_sigterm()

    deployment = Deployment(
        database=args.database,
        ports=tuple(free_port() for _ in range(args.asgi)),
        log_dir=ROOT / "bench" / "logs" / "lb",
    )
    results: dict = {}
    with deployment:
        lb_port = free_port()
        config = deployment.log_dir / "haproxy.cfg"
        config.write_text(
            haproxy_config(lb_port, list(deployment.ports), check_inter_ms=args.check_inter)
        )
        check = subprocess.run(
            [haproxy, "-c", "-q", "-f", str(config)], capture_output=True, text=True
        )
        if check.returncode:
            sys.exit(f"haproxy rejected {config}:\n{check.stderr}")
        process = Process(
            "haproxy", [haproxy, "-db", "-f", str(config)], {}, deployment.log_dir / "haproxy.log"
        )
        deployment.processes["haproxy"] = process.start()
        wait_for_port(lb_port, timeout=10)
        print(deployment.describe(), f"\nbalancer http://127.0.0.1:{lb_port}/", flush=True)
        setup_django(deployment)
        for phase in args.phases:
            results[phase] = play_phase(deployment, phase, lb_port, args)
            print(json.dumps(results[phase], indent=2), flush=True)
    if "lb" in results and "direct" in results:
        results["ratios_lb_to_direct"] = ratios(results["lb"], results["direct"])
        print("lb / direct:", json.dumps(results["ratios_lb_to_direct"]))
    if "lb" in results and "by-match" in results:
        results["ratios_lb_to_by_match"] = ratios(results["lb"], results["by-match"])
        print("lb / by-match:", json.dumps(results["ratios_lb_to_by_match"]))
    ok = all(r["ok"] for k, r in results.items() if k in PHASES)
    print(json.dumps({k: r["ok"] for k, r in results.items() if k in PHASES}))
    if args.json:
        args.json.write_text(
            json.dumps({"args": vars(args), **results}, indent=2, default=str) + "\n"
        )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
