"""Benchmark: the rules engine alone, random legal play through legal_actions/apply.

Not part of the test suite. Plays ``--deals`` deals of uniformly random legal
play (games.rules.simulate, the same loop as ``python -m games.rules simulate``)
``--repeat`` times and prints deals/s and actions/s of each run and of the best,
then the time to replay one finished deal from its record, which the services
do on every move.

Every run plays the same deals (``--seed``) unless ``--new-deals`` gives run k the seed
``seed + k - 1``: an engine that caches what it worked out (Burraco's legal actions) is
then measured on deals it has not seen, not replaying the first run's.

Usage:
    .venv/bin/python bench/engine_bench.py [--game spizzichino] [--deals 20000] [--seed 1]
        [--new-deals]
"""

from __future__ import annotations

import argparse
import json
import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the engine is not installed

from games.rules import get_game  # noqa: E402
from games.rules.simulate import simulate  # noqa: E402


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
    args = parser.parse_args()
    game = get_game(args.game)
    runs = []
    for run in range(1, args.repeat + 1):
        seed = args.seed + run - 1 if args.new_deals else args.seed
        stats = simulate(game, args.deals, seed, seats=args.seats, options=args.options)
        runs.append(stats)
        print(
            f"run {run}: {stats.deals} deals, {stats.actions} actions in {stats.seconds:.2f} s: "
            f"{stats.deals_per_second:.0f} deals/s, {stats.actions_per_second:.0f} actions/s"
        )
    best = max(runs, key=lambda s: s.deals_per_second)
    replay = replay_microseconds(args.game, args.seed, args.seats, args.options)
    print(f"replay of a finished deal: {replay:.0f} us")
    print(f"best: {best.actions_per_second:.0f} actions/s")
    print(f"best: {best.deals_per_second:.0f} deals/s")


if __name__ == "__main__":
    main()
