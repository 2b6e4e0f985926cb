"""Benchmark: the rules engine alone, random legal play through legal_actions/apply.

Not part of the test suite. Plays ``--deals`` deals of uniformly random legal
play (games.rules.simulate, the same loop as ``python -m games.rules simulate``)
``--repeat`` times and prints deals/s and actions/s of each run and of the best, by the
wall clock and by the CPU time of this process (``time.process_time``, which moves less
than the wall clock while other jobs share the cores), then the time to replay one
finished deal from its record, which the services do on every move.

``--baseline briscola`` (any game) also plays ``--baseline-deals`` deals of that game
before the first run and after the last, in the same process: a figure to set the
others beside, since the machine's speed for this process moves with its load.

Every run plays the same deals (``--seed``) unless ``--new-deals`` gives run k the seed
``seed + k - 1``: an engine that caches what it worked out (Burraco's legal actions) is
then measured on deals it has not seen, not replaying the first run's.

Usage:
    .venv/bin/python bench/engine_bench.py [--game spizzichino] [--deals 20000] [--seed 1]
        [--new-deals] [--baseline briscola [--baseline-deals 5000]]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the engine is not installed

from games.rules import get_game  # noqa: E402
from games.rules.simulate import SimulationStats, simulate  # noqa: E402


def replay_microseconds(
    slug: str, seed: int, seats: int | None = None, options: dict | None = None
) -> float:
    """Time to replay a finished random deal from its record, in microseconds (best of 5)."""
    game = get_game(slug)
    normalized = game.validate_options(options)
    seats = seats or game.seat_counts(normalized)[0]
    deal = game.new_deal(seats=seats, dealer=0, options=normalized, seed=seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        deal.apply(legal[len(deal.actions) % len(legal)])
    record = deal.record()
    rounds = 200
    best = min(timeit.repeat(lambda: game.replay(record), number=rounds, repeat=5))
    return best / rounds * 1e6


def timed_simulation(
    game, deals: int, seed: int, seats: int | None, options: dict | None
) -> tuple[SimulationStats, float]:
    """``simulate`` and the CPU time of this process it took, in seconds."""
    start = time.process_time()
    stats = simulate(game, deals, seed, seats=seats, options=options)
    return stats, time.process_time() - start


def report(label: str, stats: SimulationStats, cpu: float) -> str:
    """One line: deals and actions, wall-clock rates and rates by CPU time."""
    per_cpu = stats.deals / cpu if cpu else float("inf")
    return (
        f"{label}: {stats.deals} deals, {stats.actions} actions in {stats.seconds:.2f} s "
        f"({cpu:.2f} s CPU): {stats.deals_per_second:.0f} deals/s, "
        f"{stats.actions_per_second:.0f} actions/s; {per_cpu:.0f} deals/s of CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spizzichino")
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seats", type=int, default=None, help="default: the game's first count")
    parser.add_argument(
        "--new-deals", action="store_true", help="each run plays other deals (seed + run - 1)"
    )
    parser.add_argument(
        "--options", type=json.loads, default=None, help='options as JSON: {"variant": "tre"}'
    )
    parser.add_argument("--baseline", default=None, help="a game to measure before and after")
    parser.add_argument("--baseline-deals", type=int, default=5000)
    args = parser.parse_args()
    game = get_game(args.game)
    baseline = get_game(args.baseline) if args.baseline else None
    if baseline is not None:
        print(report(f"{args.baseline} before", *timed_simulation(
            baseline, args.baseline_deals, args.seed, None, None
        )))  # fmt: skip
    runs = []
    for run in range(1, args.repeat + 1):
        seed = args.seed + run - 1 if args.new_deals else args.seed
        stats, cpu = timed_simulation(game, args.deals, seed, args.seats, args.options)
        runs.append((stats, cpu))
        print(report(f"run {run}", stats, cpu))
    if baseline is not None:
        print(report(f"{args.baseline} after", *timed_simulation(
            baseline, args.baseline_deals, args.seed, None, None
        )))  # fmt: skip
    best = max((stats for stats, _ in runs), key=lambda s: s.deals_per_second)
    best_cpu = max(stats.deals / cpu if cpu else float("inf") for stats, cpu in runs)
    replay = replay_microseconds(args.game, args.seed, args.seats, args.options)
    print(f"replay of a finished deal: {replay:.0f} us")
    print(f"best: {best.actions_per_second:.0f} actions/s")
    print(f"best: {best.deals_per_second:.0f} deals/s")
    print(f"best: {best_cpu:.0f} deals/s of CPU")


if __name__ == "__main__":
    main()
