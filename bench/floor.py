"""The site's live path against the floor of its own stack, measured back to back (issue #14).

Two deployments run side by side on this machine, each with its own redis-server and
the same uvicorn settings (``bench.deploy.asgi_argv``: two processes, no per-message
deflate):

- **floor**: ``bench.floor_app``, a bare Channels echo (no database, no engine, no worker);
- **site**: the scaling deployment of ``bench/load.py`` (``config.asgi``, PostgreSQL,
  Celery worker and beat).

Both seats of a match connect to the same server (match i to server i mod 2), as the
load balancer's consistent hash on the match id routes them (docs/scaling.md);
``--split-seats`` puts them on different servers, as ``bench/load.py`` does.

For each match count of ``--steps`` and ``--always`` (ascending), the floor and the site
are played with the same client (``bench.client.SeatClient``) and think times, in
``--rounds`` windows each, alternating (floor, site, floor, site), so that both meet the
same neighbours on a shared machine. A window connects every seat, plays ``--warmup``
seconds once all are connected, then measures ``--window`` seconds: the actions
acknowledged in it, their round trips, and the CPU every server process used in it
(``/proc/<pid>/stat``: the ASGI processes, PostgreSQL's backends for the site's database,
Redis, the Celery worker with its pool and beat), divided by those actions; then every
client stops at its next state. A kind's windows are pooled. A kind stops stepping once
its p99 is over ``--p99-limit`` ms at 200 matches or more, except for the counts of
``--always`` (for the table and plot).

The saturation throughput of a kind is the highest actions/s of its points whose p99 is
under ``--p99-limit`` (100 ms). The ratios printed are site / floor: CPU per action, p50,
p99 at each count both measured, and saturation throughput. On a shared machine absolute
figures drift; only the ratios from one run are comparable.

Usage:
    .venv/bin/python bench/floor.py [--steps 50 100 150 200 300] [--always 50 200 500]
        [--rounds 2] [--warmup 5] [--window 12]
        [--json out.json] [--plot docs/floor.png]
(``bench/load.py --compare-floor`` runs the same with its defaults.)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.deploy import (  # noqa: E402
    Deployment,
    asgi_argv,
    exit_on_sigterm,
    free_port,
    start_process,
    wait_for_port,
)
from bench.load import (  # noqa: E402
    CpuMeter,
    cpu_used,
    percentile,
    seat_clients,
    setup_django,
)

FLOOR_APP = "bench.floor_app:application"
SERVER_GROUPS_EXCLUDED = {"load generator", "machine"}
# The channel layers ``--floor-layer`` and ``--site-layer`` choose from.
CHANNEL_LAYERS_BY_NAME = {
    # The floor as issue #14 defines it: channels_redis's layer, every message through Redis.
    "redis": "channels_redis.core.RedisChannelLayer",
    # The site's own layer (config/channel_layer.py), a group's local members served in
    # process: what the floor would cost with the site's shortcut.
    "local-first": "config.channel_layer.LocalFirstRedisChannelLayer",
}


class FloorDeployment(Deployment):
    """``len(ports)`` uvicorn processes serving ``bench.floor_app`` and an own redis-server:
    nothing else (no database, worker or beat)."""

    def start(self) -> None:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        for old in self.log_dir.glob("*.log"):
            old.unlink()
        if self.redis_url is None:
            self.redis_port = free_port()
            self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
            self.start_redis()
        for index in range(len(self.ports)):
            self.start_asgi(index, wait=False)
        for port in self.ports:
            wait_for_port(port, timeout=60)

    def start_asgi(self, index: int, *, wait: bool = True):
        port = self.ports[index]
        argv = asgi_argv(port)
        argv[argv.index("config.asgi:application")] = FLOOR_APP
        process = start_process(f"floor-asgi-{port}", argv, self.env, self.log_dir)
        self.processes[f"asgi-{index}"] = process
        if wait:
            wait_for_port(port, timeout=60)
        return process


class FloorMeter(CpuMeter):
    """``CpuMeter`` without PostgreSQL: the floor has no database."""

    def pids(self) -> dict[str, list[int]]:
        groups: dict[str, list[int]] = {}
        for key, process in self.deployment.processes.items():
            group = "asgi" if key.startswith("asgi") else key
            groups.setdefault(group, []).extend(process.pids())
        return groups


async def measure(
    clients,
    stats,
    meter: CpuMeter,
    *,
    warmup: float,
    window: float,
    gate=None,
    settle: float = 0.0,
    probe=None,
) -> dict:
    """Connect ``clients`` (every one has its first state, or 120 s passed), open their
    ``gate`` (a ``bench.client.StartGate``) if any ``settle`` s later, play for ``warmup``
    s, measure a window
    of ``window`` s, then stop every client at its next state (at most 60 s more).
    ``probe``: a directory for the client's event-loop lags (``bench.probe.loop_lag``).

    Returns:
        ``{"actions", "seconds", "rtts" (ms), "rtt_at" ([(perf_counter s, ms)]), "used":
        {part: CPU seconds}}`` of the window (acknowledgements received in it).
    """
    tasks = [asyncio.create_task(client.run()) for client in clients]
    if probe is not None:
        from bench.probe import loop_lag

        tasks.append(asyncio.create_task(loop_lag(probe)))
    try:
        # Connecting costs the site far more than the floor (the session, the seat, the
        # presence): the window starts ``warmup`` s after every seat has its first state.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and any(c.state is None for c in clients):
            await asyncio.sleep(0.1)
        if gate is not None:
            await asyncio.sleep(settle)
            gate.open()
        await asyncio.sleep(warmup)
        before = await asyncio.to_thread(meter.sample)
        started = time.perf_counter()
        await asyncio.sleep(window)
        after = await asyncio.to_thread(meter.sample)
        ended = time.perf_counter()
    finally:
        for client in clients:
            client.stop_after = 1  # done at the next state it sees
        if probe is not None:
            tasks.pop().cancel()
        done, pending = await asyncio.wait(tasks, timeout=60)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
    actions = sum(1 for at in stats.ack_times if started <= at <= ended)
    return {
        "actions": actions,
        "seconds": ended - started,
        "rtts": [rtt for at, rtt in stats.rtt_at if started <= at <= ended],
        "rtt_at": [(at, rtt) for at, rtt in stats.rtt_at if started <= at <= ended],
        "used": cpu_used(before, after),
    }


def summarize(windows: list[dict]) -> dict:
    """The figures of a point from its windows (``measure``'s raw results), pooled:
    actions/s over their total time, percentiles of all their round trips, CPU per
    action of their summed CPU.

    Returns:
        ``{"actions", "actions_per_s", "p50", "p99", "p999" (p99.9), "mean" (ms),
        "cpu_ms_per_action":
        {part: ms}, "cpu_ms_per_action_total" (every server process), "cores_busy_ours",
        "cores_busy_machine"}``.
    """
    actions = sum(w["actions"] for w in windows)
    seconds = sum(w["seconds"] for w in windows)
    rtts = [rtt for w in windows for rtt in w["rtts"]]
    used: dict[str, float] = {}
    for window in windows:
        for key, value in window["used"].items():
            used[key] = used.get(key, 0.0) + value
    server = sum(v for k, v in used.items() if k not in SERVER_GROUPS_EXCLUDED)
    per_action = {k: round(1000 * v / actions, 2) for k, v in used.items()} if actions else {}
    return {
        "actions": actions,
        "actions_per_s": round(actions / seconds, 1),
        "p50": round(percentile(rtts, 50), 1),
        "p99": round(percentile(rtts, 99), 1),
        "p999": round(percentile(rtts, 99.9), 1),
        "mean": round(statistics.fmean(rtts), 1) if rtts else 0.0,
        "cpu_ms_per_action": per_action,
        "cpu_ms_per_action_total": round(1000 * server / actions, 2) if actions else 0.0,
        "cores_busy_ours": round(server / seconds, 2),
        "cores_busy_machine": round(used["machine"] / seconds, 2),
    }


def play_window(
    kind: str, deployment: Deployment, count: int, args, point: int, scenario: str
) -> dict:
    """One window: ``count`` new matches of ``kind`` ("floor" or "site") started as
    ``scenario`` says (``SCENARIOS``) and measured by ``measure``.

    Returns:
        ``measure``'s result with ``errors`` (client error counts), ``audit_problems``
        (a list), ``acked`` (``Stats.acked``: what the clients saw acknowledged) and
        ``match_ids``.
    """
    import uvloop

    from bench.client import StartGate, Stats

    stats = Stats()
    options = {"ack_timeout": 30.0, "idle_timeout": 60.0, "ping_every": 25.0}
    if kind == "floor":
        matches = [(point * 100_000 + index, {0: "", 1: ""}) for index in range(count)]
        url = "ws://127.0.0.1:{port}/ws/floor/{match_id}/{seat}/"
        meter: CpuMeter = FloorMeter(deployment)
    else:
        from bench.load import create_matches

        matches = create_matches(count)
        url = "ws://127.0.0.1:{port}/ws/matches/{match_id}/"
        meter = CpuMeter(deployment)
    gate = StartGate()
    if scenario == "synchronized":
        stagger, warmup, length = 0.0, 0.0, args.round_window
    else:
        stagger, warmup, length = args.stagger, args.stagger + args.warmup, args.window
    clients = seat_clients(
        matches,
        deployment.ports,
        stats,
        think=tuple(args.think),
        stop_after=0,
        seed=args.seed + point,
        url_template=url,
        by_match=not args.split_seats,
        gate=gate,
        stagger=stagger,
        **options,
    )
    window = uvloop.run(
        measure(
            clients,
            stats,
            meter,
            warmup=warmup,
            window=length,
            gate=gate,
            settle=args.settle,
            probe=args.probe,
        )
    )
    if args.probe is not None:
        from bench.probe import save_rtts

        save_rtts(args.probe, f"{kind}-{count}-{scenario}-{point}", window["rtt_at"])
    del window["rtt_at"]
    window["match_ids"] = [match_id for match_id, _ in matches]
    window["errors"] = dict(stats.errors)
    window["audit_problems"] = [p for client in clients for p in client.audit.problems][:10]
    window["acked"] = stats.acked
    if kind == "site":
        # Stopped matches keep their move clock: beat would forfeit them between windows
        # (work the floor does not do). Without a deadline they are left alone.
        from games.models import Match

        Match.objects.filter(pk__in=[match_id for match_id, _ in matches]).update(
            move_deadline=None
        )
    return window


def play_points(deployments: dict, count: int, args, first: int, scenario: str) -> list[dict]:
    """The floor and the site at ``count`` matches started as ``scenario`` says,
    alternating for ``args.rounds`` rounds (floor, site, floor, site...), so that both meet
    the same neighbours on a shared machine; each kind's windows are pooled
    (``summarize``).
    """
    windows: dict[str, list[dict]] = {kind: [] for kind in deployments}
    for round_ in range(args.rounds):
        for offset, (kind, deployment) in enumerate(deployments.items()):
            point = first + round_ * len(deployments) + offset
            windows[kind].append(play_window(kind, deployment, count, args, point, scenario))
    points = []
    for kind, kind_windows in windows.items():
        point = summarize(kind_windows)
        point.update(
            kind=kind,
            matches=count,
            scenario=scenario,
            errors=sum((Counter(w["errors"]) for w in kind_windows), start=Counter()),
            audit_problems=[p for w in kind_windows for p in w["audit_problems"]],
            stored_check_problems=[],
        )
        if kind == "site":
            # Every action acknowledged in any round is stored once at its place, and
            # nothing else is (bench.client.verify_stored).
            from bench.client import verify_stored

            acked: dict[int, dict] = {}
            for window in kind_windows:
                for match_id, per_match in window["acked"].items():
                    acked.setdefault(match_id, {}).update(per_match)
            ids = [match_id for window in kind_windows for match_id in window["match_ids"]]
            point["stored_check_problems"] = verify_stored(acked, ids)[:10]
        point["errors"] = dict(point["errors"])
        print(
            f"  {kind:5} {count:4} matches, {scenario:12}: {point['actions_per_s']:6.1f} "
            f"actions/s  p50 {point['p50']:7.1f} ms  p99 {point['p99']:7.1f} ms  "
            f"p99.9 {point['p999']:7.1f} ms  "
            f"CPU {point['cpu_ms_per_action_total']:6.2f} ms/action  "
            f"({json.dumps(point['cpu_ms_per_action'])})  errors {point['errors'] or 0}  "
            f"audit {len(point['audit_problems'])}  lost/doubled "
            f"{len(point['stored_check_problems'])}",
            flush=True,
        )
        points.append(point)
    return points


def saturation(points: list[dict], limit: float) -> float:
    """The highest actions/s among ``points`` whose p99 is under ``limit`` ms (0 if none)."""
    return max((p["actions_per_s"] for p in points if p["p99"] < limit), default=0.0)


def ratios(floor: list[dict], site: list[dict], limit: float) -> dict:
    """Site / floor at every match count both measured, and of saturation throughput."""
    by_count = {p["matches"]: p for p in floor}
    rows = {}
    for point in site:
        other = by_count.get(point["matches"])
        if other is None:
            continue
        rows[point["matches"]] = {
            key: round(point[key] / other[key], 2) if other[key] else None
            for key in ("cpu_ms_per_action_total", "p50", "p99", "p999")
        }
    floor_sat, site_sat = saturation(floor, limit), saturation(site, limit)
    return {
        "by_matches": rows,
        "saturation": {
            "floor_actions_per_s": floor_sat,
            "site_actions_per_s": site_sat,
            "ratio": round(site_sat / floor_sat, 2) if floor_sat else None,
        },
    }


TARGETS = {"cpu_ms_per_action_total": 2.0, "p50": 2.0, "p99": 3.0}

SCENARIOS = ("synchronized", "staggered")
"""How a window's matches start: "synchronized", every match of a round within a second
(a tournament round: the window starts as they do and lasts ``--round-window`` s, long
enough for the first deals to end together); "staggered", each match at a random offset
within ``--stagger`` s, measured ``--warmup`` s after the last has started."""

PLOTTED_SCENARIO = "staggered"


def report(result: dict) -> str:
    """The Markdown tables of one comparison: the points, and the ratios against targets,
    per scenario."""
    lines = [
        "| scenario | matches | kind | actions/s | p50 ms | p99 ms | p99.9 ms "
        "| CPU ms/action (all servers) | ASGI | PostgreSQL | Redis | worker + beat "
        "| cores busy (machine) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for point in sorted(result["points"], key=lambda p: (p["scenario"], p["matches"], p["kind"])):
        cpu = point["cpu_ms_per_action"]
        celery = round(cpu.get("worker", 0) + cpu.get("beat", 0), 2)
        lines.append(
            f"| {point['scenario']} | {point['matches']} | {point['kind']} "
            f"| {point['actions_per_s']} | {point['p50']} | {point['p99']} | {point['p999']} "
            f"| {point['cpu_ms_per_action_total']} | {cpu.get('asgi', 0)} "
            f"| {cpu.get('postgres', '–')} | {cpu.get('redis', 0)} "
            f"| {celery if point['kind'] == 'site' else '–'} | {point['cores_busy_machine']} |"
        )
    lines += [
        "",
        "| site / floor | CPU per action | p50 | p99 | p99.9 |",
        "|---|---|---|---|---|",
    ]
    for scenario, scenario_ratios in sorted(result["ratios"].items()):
        for count, row in sorted(scenario_ratios["by_matches"].items()):
            cells = []
            for key in ("cpu_ms_per_action_total", "p50", "p99", "p999"):
                value = row[key]
                met = ""
                if count in (50, 200) and key in TARGETS:
                    met = " ✓" if value and value <= TARGETS[key] else " ✗"
                cells.append(f"{value}{met}")
            lines.append(f"| {scenario}, {count} matches | " + " | ".join(cells) + " |")
        sat = scenario_ratios["saturation"]
        met = "✓" if sat["ratio"] and sat["ratio"] >= 0.6 else "✗"
        lines.append(
            f"| {scenario}, saturation throughput | {sat['site_actions_per_s']} / "
            f"{sat['floor_actions_per_s']} actions/s = {sat['ratio']} {met} | | | |"
        )
    return "\n".join(lines)


def plot(result: dict, path: Path) -> None:
    """Draw CPU per action and p99 against the match count, site and floor, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (cpu_axis, p99_axis) = plt.subplots(1, 2, figsize=(10, 4))
    scenario = PLOTTED_SCENARIO if PLOTTED_SCENARIO in result["ratios"] else None
    for kind, style in (("floor", "o--"), ("site", "s-")):
        points = [
            p for p in result["points"]
            if p["kind"] == kind and scenario in (None, p["scenario"])
        ]  # fmt: skip
        points.sort(key=lambda p: p["matches"])
        counts = [p["matches"] for p in points]
        cpu_axis.plot(counts, [p["cpu_ms_per_action_total"] for p in points], style, label=kind)
        p99_axis.plot(counts, [p["p99"] for p in points], style, label=kind)
    cpu_axis.set(xlabel="concurrent matches", ylabel="server CPU ms per action",
                 title="CPU per action (all server processes)")  # fmt: skip
    p99_axis.set(xlabel="concurrent matches", ylabel="round trip p99, ms (log)",
                 title="Action round trip p99", yscale="log")  # fmt: skip
    p99_axis.axhline(100, color="grey", linewidth=0.8, linestyle=":")
    for axis in (cpu_axis, p99_axis):
        axis.grid(alpha=0.3)
        axis.legend()
    figure.suptitle(f"Site against the floor, one run ({result['when']})", fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)


def compare(args) -> dict:
    """Start both deployments, step the match counts, return every point and the ratios."""
    floor_ports = tuple(args.floor_ports or (free_port(), free_port()))
    site_ports = tuple(args.site_ports or (free_port(), free_port()))
    logs = ROOT / "bench" / "logs"
    floor_deployment = FloorDeployment(
        ports=floor_ports,
        log_dir=logs / "floor",
        beat=False,
        extra_env={"CHANNEL_LAYER_BACKEND": CHANNEL_LAYERS_BY_NAME[args.floor_layer]},
    )
    site_deployment = Deployment(
        database=args.database,
        # Matches left live by earlier runs would be forfeited by beat in the windows.
        fresh_database=True,
        ports=site_ports,
        log_dir=logs / "site",
        extra_env={
            "CHANNEL_LAYER_BACKEND": CHANNEL_LAYERS_BY_NAME[args.site_layer],
            **dict(item.split("=", 1) for item in args.site_env),
        },
    )
    if args.probe is not None:
        site_deployment.extra_env["LIVE_PROBE_DIR"] = str(args.probe.resolve())
    points: list[dict] = []
    stopped: set[tuple[str, str]] = set()
    with floor_deployment, site_deployment, _sampler(args, site_deployment):
        setup_django(site_deployment)
        for index, count in enumerate(sorted(set(args.steps) | set(args.always))):
            for number, scenario in enumerate(args.scenarios):
                kinds = {
                    kind: deployment
                    for kind, deployment in (
                        ("floor", floor_deployment), ("site", site_deployment)
                    )
                    if (kind, scenario) not in stopped or count in args.always
                }  # fmt: skip
                if not kinds:
                    continue
                first = index * 100 + number * 10
                for point in play_points(kinds, count, args, first, scenario):
                    points.append(point)
                    if point["p99"] >= args.p99_limit and count >= 200:
                        stopped.add((point["kind"], scenario))
    by_scenario = {}
    for scenario in args.scenarios:
        floor = [p for p in points if p["kind"] == "floor" and p["scenario"] == scenario]
        site = [p for p in points if p["kind"] == "site" and p["scenario"] == scenario]
        by_scenario[scenario] = ratios(floor, site, args.p99_limit)
    return {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": " ".join(sys.argv),
        "think": list(args.think),
        "warmup_s": args.warmup,
        "window_s": args.window,
        "rounds": args.rounds,
        "seats": "split" if args.split_seats else "by match",
        "floor_layer": CHANNEL_LAYERS_BY_NAME[args.floor_layer],
        "site_layer": CHANNEL_LAYERS_BY_NAME[args.site_layer],
        "site_env": list(args.site_env),
        "scenarios": list(args.scenarios),
        "stagger_s": args.stagger,
        "round_window_s": args.round_window,
        "points": points,
        "ratios": by_scenario,
    }


def _sampler(args, deployment: Deployment):
    """``bench.probe.Sampler`` on the site's database and Redis with ``--probe``, else a
    context that does nothing."""
    import contextlib

    if args.probe is None:
        return contextlib.nullcontext()
    from bench.probe import Sampler

    class Lazy:
        # The deployment's Redis is known only once it has started (inside the ``with``).
        def __enter__(self):
            self.sampler = Sampler(args.probe, deployment.database_url, deployment.redis_url)
            return self.sampler.__enter__()

        def __exit__(self, *exc):
            self.sampler.__exit__(*exc)

    return Lazy()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The comparison's options (shared with ``bench/load.py --compare-floor``)."""
    parser.add_argument("--steps", type=int, nargs="+", default=[50, 100, 150, 200, 300])
    parser.add_argument(
        "--always", type=int, nargs="*", default=[50, 200, 500],
        help="match counts measured even past saturation (for the table and plot)",
    )  # fmt: skip
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before a window")
    parser.add_argument("--window", type=float, default=12.0, help="seconds a window")
    parser.add_argument(
        "--scenarios", nargs="+", choices=SCENARIOS, default=list(SCENARIOS),
        help="how the matches of a window start (see SCENARIOS)",
    )  # fmt: skip
    parser.add_argument(
        "--stagger", type=float, default=10.0,
        help="staggered: the matches start within this many seconds",
    )  # fmt: skip
    parser.add_argument(
        "--round-window", type=float, default=35.0,
        help="synchronized: seconds measured from the round's start (a Spizzichino deal "
        "of some 50 actions lasts about 30 s at the default think times)",
    )  # fmt: skip
    parser.add_argument(
        "--settle", type=float, default=3.0,
        help="seconds between the last seat's first state and the start (the players "
        "seated, the connections' own work done, as before a round's clock starts)",
    )  # fmt: skip
    parser.add_argument(
        "--probe", type=Path, default=None,
        help="write the probe's events here (bench/probe.py; python bench/probe.py DIR)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=int, default=2,
        help="windows a kind at each count, the floor's and the site's alternating",
    )  # fmt: skip
    parser.add_argument("--p99-limit", type=float, default=100.0)
    parser.add_argument(
        "--split-seats", action="store_true",
        help="seat 0 and seat 1 of a match on different servers (default: both on the "
        "server of the match, as a consistent hash on the match id routes them)",
    )  # fmt: skip
    parser.add_argument(
        "--floor-layer", choices=sorted(CHANNEL_LAYERS_BY_NAME), default="redis",
        help="the floor's channel layer (default: channels_redis's, every message through "
        "Redis; local-first: the site's)",
    )  # fmt: skip
    parser.add_argument(
        "--site-layer", choices=sorted(CHANNEL_LAYERS_BY_NAME), default="local-first",
        help="the site's channel layer (default: its own, local-first; redis: channels_redis's, "
        "to measure what the local hand-over saves)",
    )  # fmt: skip
    parser.add_argument(
        "--site-env", nargs="*", default=[], metavar="KEY=VALUE",
        help="more environment for the site's servers (LIVE_MOVE_THREADS=0: every move on "
        "Django's one database thread)",
    )  # fmt: skip
    parser.add_argument("--floor-ports", type=int, nargs=2, default=None)
    parser.add_argument("--site-ports", type=int, nargs=2, default=None)
    parser.add_argument("--json", type=Path, default=None, help="write every figure here")
    parser.add_argument("--plot", type=Path, default=None, help="draw the PNG here")


def run(args) -> dict:
    """Run the comparison with parsed ``args``, print the tables, write JSON and plot."""
    exit_on_sigterm()
    result = compare(args)
    print(json.dumps(result["ratios"], indent=2))
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    if args.plot:
        plot(result, args.plot)
        print(f"plot: {args.plot}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--think", type=float, nargs=2, default=(0.2, 0.9))
    parser.add_argument("--database", default="cartelle_load")
    parser.add_argument("--seed", type=int, default=1)
    run(parser.parse_args())


if __name__ == "__main__":
    random.seed(1)
    main()
